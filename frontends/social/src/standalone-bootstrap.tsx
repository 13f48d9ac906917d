import { IconHome, IconLeaf, IconTag, IconUser } from '@plantfolk/ui';
import { mountStandalone } from '@plantfolk/ui/standalone';
import { routes } from './routes';

mountStandalone({
  name: 'social',
  routes,
  navigation: [
    { label: 'Home', to: '/', icon: IconHome, end: true },
    { label: 'Profile', to: '/profile', icon: IconUser, end: true },
    { label: 'Your plants', to: '/profile/plants', icon: IconLeaf },
    { label: 'Interests', to: '/user/my-interests', icon: IconTag },
  ],
});
