/** The search module's public face: nothing imports it but the app. */
export { SearchModule } from './search.module';
