/**
 * The admin module's public face. Calls: `GET /api/iam/admin/overview`,
 * `GET /api/iam/site-settings/get-site`,
 * `PUT /api/iam/admin/update/site-setting`, `GET /api/settings/get-all` (public),
 * `GET /api/iam/admin/audit-log?cursorId=`. Nothing imports it but the app.
 */
export { AdminModule } from './admin.module';
