import { Global, Inject, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { runMigrations } from './migrate';
import { Sql } from './sql';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config.databaseUrl),
        autoLoadEntities: true,
        retryAttempts: 3,
        retryDelay: 1_000,
      }),
    }),
  ],
  providers: [Sql],
  exports: [Sql],
})
export class DatabaseModule implements OnModuleInit {
  private readonly logger = new Logger('Database');

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async onModuleInit() {
    const applied = await runMigrations(this.dataSource);
    if (applied.length) this.logger.log(`Applied migrations: ${applied.join(', ')}`);
  }
}
