/** The admin overview's public face: its Nest module (registered by the app). */
export { AdminOverviewModule } from './admin-overview.module';
