import { List, Text } from '@plantfolk/ui';
import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    heading: 'What we collect',
    body: (
      <List size="sm" spacing={4}>
        <List.Item>
          <strong>Account details:</strong> your username, e-mail address and a one-way hash of your
          password (we never store the password itself).
        </List.Item>
        <List.Item>
          <strong>Profile:</strong> your avatar, suburb or city, state, country and an approximate
          location, so we can show you what is nearby.
        </List.Item>
        <List.Item>
          <strong>Phone number</strong>, if you verify your account by text message.
        </List.Item>
        <List.Item>
          <strong>What you create:</strong> posts, photos, plant listings, comments, reactions,
          followed tags, pages, events, attendance and messages.
        </List.Item>
        <List.Item>
          <strong>Technical data:</strong> your IP address, used to estimate a location for guests
          and to protect the service from abuse, and server logs kept for a short time.
        </List.Item>
      </List>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <Text inherit>
        To run Plantfolk: to show your content to the people you choose, to find posts, plants,
        pages and events near you, to send you notifications and the e-mails you need (such as
        verifying your address or resetting your password), and to keep the community safe. We do
        not sell your data and we do not show third-party advertising.
      </Text>
    ),
  },
  {
    heading: 'Who can see what',
    body: (
      <Text inherit>
        Your username, avatar and general area are public. Each post has a privacy setting that
        decides who sees it. Messages are visible only to the people (or page) in the conversation.
        Admins can access data when needed to moderate and to keep the service running.
      </Text>
    ),
  },
  {
    heading: 'Where it is stored',
    body: (
      <Text inherit>
        Your data is stored in our database and your photos in our image storage. Photos are
        re-encoded when uploaded, which removes hidden metadata such as the GPS position of your
        camera.
      </Text>
    ),
  },
  {
    heading: 'Cookies and local storage',
    body: (
      <Text inherit>
        We use a cookie to keep you signed in. Your browser&apos;s local storage remembers your
        colour mode (light, dark or automatic). We do not use tracking or advertising cookies.
      </Text>
    ),
  },
  {
    heading: 'How long we keep it',
    body: (
      <Text inherit>
        As long as your account exists. When you delete your account we delete your profile,
        conversations, content and avatar. Backups holding deleted data are overwritten within a
        limited period.
      </Text>
    ),
  },
  {
    heading: 'Your rights',
    body: (
      <Text inherit>
        You can see and correct your profile at any time in your settings, change the privacy of
        each post, and delete your account. You can also ask us for a copy of your data or object to
        how we use it.
      </Text>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy policy"
      intro="What Plantfolk stores about you, why, and what you can do about it."
      sections={sections}
    />
  );
}
