import { IconCalendarEvent } from '@plantfolk/ui';
import { mountStandalone } from '@plantfolk/ui/standalone';
import { routes } from './routes';

mountStandalone({
  name: 'events',
  routes,
  navigation: [{ label: 'Events', to: '/events', icon: IconCalendarEvent }],
});
