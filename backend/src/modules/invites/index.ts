/**
 * The invites module's public face. Invites sits above pages and events: it checks who owns a
 * page (PagesService) and who created an event (EventDirectory), and gives identity's sign-up,
 * through platform's REGISTRATION_INVITE_CHECK, the check of a site invite on an invite-only
 * site. Calls: `POST /api/iam/invites/new`, `PUT /api/iam/users/invites/update-validity/{uuid}`,
 * `GET /api/iam/invites/sent?cursorId=`, `GET /api/iam/invites/view/{uuid}` (public),
 * `POST /api/iam/invites/accept/{uuid}`.
 */
export { InvitesModule } from './invites.module';
export { InvitesService, INVITE_VALID_DAYS } from './invites.service';
export { INVITE_TYPES, type InviteType } from './entities/invite.entity';
