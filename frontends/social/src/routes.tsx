import { defineRemoteRoutes } from '@plantfolk/ui';

/**
 * The routes of the social remote (absolute paths; the shell mounts them as they are, and its
 * route-policy table guards each one). Pages are lazy so the remote entry stays small.
 */
export const routes = defineRemoteRoutes([
  {
    path: '/',
    handle: { layout: '3-col', title: 'Home' },
    lazy: () => import('./home/home-page').then((m) => ({ Component: m.HomePage })),
  },
  {
    path: '/post/:randomId',
    handle: { layout: '3-col', title: 'Post' },
    lazy: () => import('./posts/post-page').then((m) => ({ Component: m.PostPage })),
  },
  {
    path: '/tag/:name',
    handle: { layout: '3-col' },
    lazy: () => import('./tags/tag-page').then((m) => ({ Component: m.TagPage })),
  },
  {
    path: '/plant/:plantId',
    handle: { layout: '3-col' },
    lazy: () => import('./plants/plant-page').then((m) => ({ Component: m.PlantPage })),
  },
  {
    path: '/profile',
    handle: { layout: '3-col', title: 'Your profile' },
    lazy: () => import('./profiles/my-profile-page').then((m) => ({ Component: m.MyProfilePage })),
  },
  {
    path: '/profile/plants',
    handle: { layout: '3-col', title: 'Your plants' },
    lazy: () => import('./profiles/my-plants-page').then((m) => ({ Component: m.MyPlantsPage })),
  },
  {
    path: '/profile/plants/create',
    handle: { layout: '3-col', title: 'List a plant: photos' },
    lazy: () =>
      import('./plants/create-plant-photos-page').then((m) => ({
        Component: m.CreatePlantPhotosPage,
      })),
  },
  {
    path: '/profile/plants/create2',
    handle: { layout: '3-col', title: 'List a plant: details' },
    lazy: () =>
      import('./plants/create-plant-details-page').then((m) => ({
        Component: m.CreatePlantDetailsPage,
      })),
  },
  {
    path: '/profile/plants/edit/:plantId',
    handle: { layout: '3-col', title: 'Edit plant listing' },
    lazy: () => import('./plants/edit-plant-page').then((m) => ({ Component: m.EditPlantPage })),
  },
  {
    path: '/user/interests',
    handle: { layout: '3-col', title: 'Your interests' },
    lazy: () => import('./tags/interests-page').then((m) => ({ Component: m.InterestsPage })),
  },
  {
    path: '/user/my-interests',
    handle: { layout: '3-col', title: 'My interests' },
    lazy: () => import('./tags/my-interests-page').then((m) => ({ Component: m.MyInterestsPage })),
  },
  {
    // A member's profile by handle (pages by handle come with their issue).
    path: '/:handle',
    handle: { layout: '3-col' },
    lazy: () => import('./profiles/handle-page').then((m) => ({ Component: m.HandlePage })),
  },
]);
