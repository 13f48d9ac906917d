import { defineRemoteRoutes } from '@plantfolk/ui';

/**
 * The routes of the social remote: absolute paths the shell mounts as they are, each with the
 * access policy of the spec's route table, which the shell's guard enforces. Pages are lazy so
 * the remote entry stays small.
 */
export const routes = defineRemoteRoutes([
  {
    path: '/',
    handle: { access: 'guest-or-authd', layout: '3-col', title: 'Home' },
    lazy: () => import('./home/home-page').then((m) => ({ Component: m.HomePage })),
  },
  {
    path: '/post/:randomId',
    handle: { access: 'none', layout: '3-col', title: 'Post' },
    lazy: () => import('./posts/post-page').then((m) => ({ Component: m.PostPage })),
  },
  {
    path: '/tag/:name',
    handle: { access: 'guest-or-authd', layout: '3-col' },
    lazy: () => import('./tags/tag-page').then((m) => ({ Component: m.TagPage })),
  },
  {
    path: '/plant/:plantId',
    handle: { access: 'guest-or-authd', layout: '3-col' },
    lazy: () => import('./plants/plant-page').then((m) => ({ Component: m.PlantPage })),
  },
  {
    path: '/profile',
    handle: { access: 'authd-only', layout: '3-col', title: 'Your profile' },
    lazy: () => import('./profiles/my-profile-page').then((m) => ({ Component: m.MyProfilePage })),
  },
  {
    path: '/profile/plants',
    handle: { access: 'authd-only', layout: '3-col', title: 'Your plants' },
    lazy: () => import('./profiles/my-plants-page').then((m) => ({ Component: m.MyPlantsPage })),
  },
  {
    path: '/profile/plants/create',
    handle: { access: 'authd-only', layout: '3-col', title: 'List a plant: photos' },
    lazy: () =>
      import('./plants/create-plant-photos-page').then((m) => ({
        Component: m.CreatePlantPhotosPage,
      })),
  },
  {
    path: '/profile/plants/create2',
    handle: { access: 'authd-only', layout: '3-col', title: 'List a plant: details' },
    lazy: () =>
      import('./plants/create-plant-details-page').then((m) => ({
        Component: m.CreatePlantDetailsPage,
      })),
  },
  {
    path: '/profile/plants/edit/:plantId',
    handle: { access: 'authd-only', layout: '3-col', title: 'Edit plant listing' },
    lazy: () => import('./plants/edit-plant-page').then((m) => ({ Component: m.EditPlantPage })),
  },
  {
    path: '/user/interests',
    handle: { access: 'authd-only', layout: '3-col', title: 'Your interests' },
    lazy: () => import('./tags/interests-page').then((m) => ({ Component: m.InterestsPage })),
  },
  {
    path: '/user/my-interests',
    handle: { access: 'logged-in-only', layout: '3-col', title: 'My interests' },
    lazy: () => import('./tags/my-interests-page').then((m) => ({ Component: m.MyInterestsPage })),
  },
  {
    // A member's profile by handle (pages by handle come with their issue).
    path: '/:handle',
    handle: { access: 'guest-or-authd', layout: '3-col' },
    lazy: () => import('./profiles/handle-page').then((m) => ({ Component: m.HandlePage })),
  },
]);
