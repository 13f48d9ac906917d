import { Global, Module } from '@nestjs/common';
import { AuditLogService } from './audit-log.service';

/** The audit log, for any module that performs admin actions. */
@Global()
@Module({ providers: [AuditLogService], exports: [AuditLogService] })
export class AuditModule {}
