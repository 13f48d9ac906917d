/** The profiles module's public face: nothing imports it but the app. */
export { ProfilesModule } from './profiles.module';
