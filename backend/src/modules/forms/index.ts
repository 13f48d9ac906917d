/**
 * The forms module's public face: contact and feedback entries (`GET /api/iam/forms/validate`,
 * `POST /api/iam/forms/new`; admins: `GET /api/iam/admin/forms?cursorId=`,
 * `PUT /api/iam/admin/forms/{id}/handled`). Nothing else uses it.
 */
export { FormsModule } from './forms.module';
export { FORM_KINDS, type FormKind } from './entities/form-entry.entity';
