import { type DynamicModule, Global, Module, type ModuleMetadata, type Type } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { AccessGuard } from './access.guard';
import { AccessPolicyAudit } from './access-policy.audit';
import {
  CallerResolver,
  ClosedOpsAccess,
  GuestOnlyCallerResolver,
  OpsAccess,
} from './caller-resolver';

export interface AccessModuleOptions {
  /** Modules that provide the classes below (the identity module). */
  imports?: ModuleMetadata['imports'];
  callerResolver?: Type<CallerResolver>;
  opsAccess?: Type<OpsAccess>;
}

/** The global guard, the boot audit of policies, and who the caller is (supplied by the app root). */
@Global()
@Module({})
export class AccessModule {
  static forRoot(options: AccessModuleOptions = {}): DynamicModule {
    return {
      module: AccessModule,
      imports: [DiscoveryModule, ...(options.imports ?? [])],
      providers: [
        options.callerResolver
          ? { provide: CallerResolver, useExisting: options.callerResolver }
          : { provide: CallerResolver, useClass: GuestOnlyCallerResolver },
        options.opsAccess
          ? { provide: OpsAccess, useExisting: options.opsAccess }
          : { provide: OpsAccess, useClass: ClosedOpsAccess },
        { provide: APP_GUARD, useClass: AccessGuard },
        AccessPolicyAudit,
      ],
      exports: [CallerResolver, OpsAccess, AccessPolicyAudit],
    };
  }
}
