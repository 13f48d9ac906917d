import type { Counts } from '@plantfolk/api-client';
import { Badge, Card, formatCount, Text } from '@plantfolk/ui';
import type { useCursorList } from '@plantfolk/ui/cursor-list';
import { Tabs } from '@plantfolk/ui/controls';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Viewer } from '../app/viewer';
import type { PostEntry } from '../content/entries';
import { PostList } from '../posts/post-list';

export const profileTabs = ['posts', 'available', 'plants'] as const;
export type ProfileTab = (typeof profileTabs)[number];

/** The open tab lives in the URL (`?tab=available`), so it survives a reload and can be linked. */
export function useProfileTab(): [ProfileTab, (tab: ProfileTab) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('tab');
  const tab = (profileTabs as readonly string[]).includes(value ?? '')
    ? (value as ProfileTab)
    : 'posts';
  const setTab = (next: ProfileTab) =>
    setParams(next === 'posts' ? {} : { tab: next }, { replace: true, preventScrollReset: true });
  return [tab, setTab];
}

type PostCursorList = ReturnType<
  typeof useCursorList<{ items: PostEntry[]; next_cursor: string | null }>
>;

export interface ProfileTabsProps {
  viewer: Viewer;
  counts: Counts | undefined;
  tab: ProfileTab;
  onTabChange: (tab: ProfileTab) => void;
  lists: Record<ProfileTab, PostCursorList>;
  /** Whose profile, for the empty states ("You have…", "maria has…"). */
  owner: string | null;
  /** Above the posts (the composer on one's own profile). */
  beforePosts?: ReactNode;
}

const tabLabels: Record<ProfileTab, string> = {
  posts: 'Posts',
  available: 'Plants available',
  plants: 'All plants',
};

const countOf = (counts: Counts | undefined, tab: ProfileTab) =>
  counts === undefined
    ? undefined
    : tab === 'posts'
      ? counts.posts
      : tab === 'available'
        ? counts.plantsAvail
        : counts.plantsAll;

/** A profile's posts, its available plants and all its plants, each with its count. */
export function ProfileTabs({
  viewer,
  counts,
  tab,
  onTabChange,
  lists,
  owner,
  beforePosts,
}: ProfileTabsProps) {
  const emptyText: Record<ProfileTab, string> = {
    posts: owner ? `${owner} has not shared any posts yet.` : 'You have not shared any posts yet.',
    available: owner
      ? `${owner} has no plants available right now.`
      : 'You have no plants available right now.',
    plants: owner
      ? `${owner} has not listed any plants yet.`
      : 'You have not listed any plants yet.',
  };
  return (
    <Tabs
      value={tab}
      onChange={(value) => value && onTabChange(value as ProfileTab)}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        {profileTabs.map((name) => {
          const count = countOf(counts, name);
          return (
            <Tabs.Tab
              key={name}
              value={name}
              rightSection={
                count !== undefined && (
                  <Badge size="sm" variant="light" circle={count < 10}>
                    {formatCount(count)}
                  </Badge>
                )
              }
            >
              {tabLabels[name]}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {profileTabs.map((name) => (
        <Tabs.Panel key={name} value={name}>
          {name === 'posts' && beforePosts}
          <PostList
            list={lists[name]}
            viewer={viewer}
            label={tabLabels[name]}
            empty={
              <Card padding="lg">
                <Text c="dimmed" ta="center">
                  {emptyText[name]}
                </Text>
              </Card>
            }
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
