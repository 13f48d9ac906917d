import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { AuditLogController } from './audit-log.controller';
import { AuditLogViewService } from './audit-log-view.service';
import { PublicSettingsController, SiteSettingsAdminController } from './site-settings.controller';

/**
 * The admin area's own calls: site settings (the rules live in platform/site-settings, which every
 * module reads), the audit log, and what later admin screens need that no domain module owns.
 * Sits at the top: it may use any module's public face, and none uses it.
 */
@Module({
  imports: [IdentityModule],
  controllers: [SiteSettingsAdminController, PublicSettingsController, AuditLogController],
  providers: [AuditLogViewService],
})
export class AdminModule {}
