import { type DynamicModule, Module } from '@nestjs/common';
import { AdminModule } from './modules/admin';
import { ContentModule } from './modules/content';
import { EventsModule } from './modules/events';
import { IdentityCallerResolver, IdentityModule, IdentityOpsAccess } from './modules/identity';
import { FormsModule } from './modules/forms';
import { InvitesModule } from './modules/invites';
import { MessagingModule } from './modules/messaging';
import { NotificationsModule } from './modules/notifications';
import { PagesModule } from './modules/pages';
import { PlantsModule } from './modules/plants';
import { ProfilesModule } from './modules/profiles';
import { SearchModule } from './modules/search';
import { TagsModule } from './modules/tags';
import { AccessModule } from './platform/access/access.module';
import { AppConfig } from './platform/config/app-config';
import { ConfigModule } from './platform/config/config.module';
import { DatabaseModule } from './platform/database/database.module';
import { GeoModule } from './platform/geo/geo.module';
import { HealthModule } from './platform/health/health.module';
import { ImagesModule } from './platform/images/images.module';
import { MailModule } from './platform/mail/mail.module';
import { QueuesModule } from './platform/queues/queues.module';
import { RealtimeModule } from './platform/realtime/realtime.module';
import { RateLimitModule } from './platform/rate-limit/rate-limit.module';
import type { ProcessRole } from './platform/queues/process-role';
import { RedisModule } from './platform/redis/redis.module';
import { AuditModule } from './platform/audit/audit.module';
import { SiteSettingsModule } from './platform/site-settings/site-settings.module';
import { MetricsModule } from './platform/metrics/metrics.module';
import { SearchRegistryModule } from './platform/search/search.module';
import { SmsModule } from './platform/sms/sms.module';
import { StorageModule } from './platform/storage/storage.module';

/** The whole backend. The API and the worker load the same modules; the role decides what runs. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, role: ProcessRole): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        RedisModule,
        MetricsModule,
        AuditModule,
        SiteSettingsModule,
        QueuesModule.forRoot(role),
        AccessModule.forRoot({
          imports: [IdentityModule],
          callerResolver: IdentityCallerResolver,
          opsAccess: IdentityOpsAccess,
        }),
        // After AccessModule: global guards run in import order, and limits need the caller.
        RateLimitModule,
        MailModule,
        SmsModule,
        StorageModule,
        ImagesModule,
        HealthModule,
        RealtimeModule,
        GeoModule,
        SearchRegistryModule,
        IdentityModule,
        TagsModule,
        ContentModule,
        PlantsModule,
        PagesModule,
        EventsModule,
        ProfilesModule,
        SearchModule,
        NotificationsModule,
        MessagingModule,
        InvitesModule,
        FormsModule,
        AdminModule,
      ],
    };
  }
}
