import { IconShieldLock } from '@plantfolk/ui';
import { mountStandalone } from '@plantfolk/ui/standalone';
import { routes } from './routes';

mountStandalone({
  name: 'admin',
  routes,
  navigation: [{ label: 'Admin', to: '/admin', icon: IconShieldLock }],
});
