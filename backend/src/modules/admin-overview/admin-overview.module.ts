import { Module } from '@nestjs/common';
import { AuditModule } from '../../platform/audit/audit.module';
import { IdentityModule } from '../identity';
import { AdminOverviewController } from './admin-overview.controller';
import { AdminOverviewService } from './admin-overview.service';

/** The admin overview (/admin): counts, queue health and recent audit entries in one call. */
@Module({
  imports: [IdentityModule, AuditModule],
  controllers: [AdminOverviewController],
  providers: [AdminOverviewService],
})
export class AdminOverviewModule {}
