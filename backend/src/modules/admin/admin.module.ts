import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { AdminOverviewController } from './admin-overview.controller';
import { AdminOverviewService } from './admin-overview.service';
import { AuditLogController } from './audit-log.controller';
import { AuditLogViewService } from './audit-log-view.service';
import { PublicSettingsController, SiteSettingsAdminController } from './site-settings.controller';

/**
 * The admin area's own calls: the /admin overview (counts, queue health, recent audit entries in
 * one call), site settings (the rules live in platform/site-settings, which every module reads),
 * the audit log, and what later admin screens need that no domain module owns.
 * Sits at the top: it may use any module's public face, and none uses it.
 */
@Module({
  imports: [IdentityModule],
  controllers: [
    AdminOverviewController,
    SiteSettingsAdminController,
    PublicSettingsController,
    AuditLogController,
  ],
  providers: [AdminOverviewService, AuditLogViewService],
})
export class AdminModule {}
