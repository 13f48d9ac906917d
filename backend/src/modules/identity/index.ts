/**
 * The identity module's public face: what other modules may import. Other modules look members
 * up (MembersService), share the handle namespace (HandlesService) and add their own steps to an
 * account's deletion (AccountDeletionService); the app wires who-is-calling from it.
 */
export { IdentityModule } from './identity.module';
export { IdentityCallerResolver } from './identity-caller.resolver';
export { IdentityOpsAccess } from './identity-ops-access';
export { AccountDeletionService, type UserDeletionStep } from './account-deletion.service';
export { HandlesService, type HandleMatch, type HandleOwner } from './handles.service';
export { MembersService } from './members.service';
export { MemberPlaces, type MemberPlaceListener } from './member-places';
export {
  DIRECTORY_ORDERS,
  type DirectoryOrder,
  MemberDirectoryService,
  type NearbyMember,
} from './directory.service';
export type { PublicProfile, UserSummary } from './profile';
export { PublicProfileDto, UserSummaryDto } from './dto/profile.dto';
export type { UserAccount } from './entities/user-account.entity';
export { UserSettingsService, type EmailRecipient } from './user-settings.service';
export {
  EMAIL_KINDS,
  EMAIL_MODES,
  type EmailKind,
  type EmailMode,
} from './entities/user-settings.entity';
