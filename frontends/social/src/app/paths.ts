/** The URLs of the social screens, built in one place. */
export const paths = {
  home: '/',
  post: (randomId: string) => `/post/${encodeURIComponent(randomId)}`,
  tag: (name: string) => `/tag/${encodeURIComponent(name)}`,
  plant: (plantId: string) => `/plant/${encodeURIComponent(plantId)}`,
  profile: (username: string) => `/${encodeURIComponent(username)}`,
  myProfile: '/profile',
  myPlants: '/profile/plants',
  createPlant: '/profile/plants/create',
  createPlantDetails: '/profile/plants/create2',
  editPlant: (plantId: string) => `/profile/plants/edit/${encodeURIComponent(plantId)}`,
  interests: '/user/interests',
  myInterests: '/user/my-interests',
  login: (back?: string) =>
    back ? `/auth/login?redirect=${encodeURIComponent(back)}` : '/auth/login',
  register: '/auth/register',
  settings: '/settings',
} as const;

/** "Fitzroy, Victoria": where someone is, as much as they told us. */
export function placeOf(person: {
  suburb_city?: string | null;
  state?: string | null;
  country?: string | null;
}): string | null {
  const parts = [person.suburb_city, person.state].filter(Boolean);
  if (parts.length === 0 && person.country) parts.push(person.country);
  return parts.length > 0 ? parts.join(', ') : null;
}
