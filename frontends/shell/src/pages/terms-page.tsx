import { Anchor, List, Text } from '@plantfolk/ui';
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    heading: 'Agreeing to these terms',
    body: (
      <Text inherit>
        By creating an account or using Plantfolk you agree to these terms. If you do not agree,
        please do not use the service. You must be at least 16 years old to create an account.
      </Text>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <>
        <Text inherit>
          Keep your password to yourself and tell us straight away if you think someone else is
          using your account. You are responsible for what happens under your account.
        </Text>
        <Text inherit>
          Choose a username or page handle that does not impersonate someone else. Some words are
          reserved for parts of the site and cannot be used as handles.
        </Text>
      </>
    ),
  },
  {
    heading: 'What you share',
    body: (
      <>
        <Text inherit>
          You keep ownership of the posts, photos, comments and messages you share. You give
          Plantfolk a licence to store, display and distribute them as needed to run the service,
          according to the privacy setting you choose for each post.
        </Text>
        <Text inherit>Only share content you have the right to share. Do not post:</Text>
        <List size="sm" spacing={4}>
          <List.Item>anything illegal, hateful, harassing or sexually explicit;</List.Item>
          <List.Item>other people&apos;s personal details without their consent;</List.Item>
          <List.Item>spam, scams, or advertising that is not about plants or your group;</List.Item>
          <List.Item>
            plants or seeds whose sale or transport is restricted where you live.
          </List.Item>
        </List>
      </>
    ),
  },
  {
    heading: 'Plant listings and swaps',
    body: (
      <Text inherit>
        Listings are arranged between members. Plantfolk is not a party to a swap, gift or sale and
        does not check the plants offered. Keep your listings up to date, mark plants that are no
        longer available, and meet in safe, public places.
      </Text>
    ),
  },
  {
    heading: 'Pages and events',
    body: (
      <Text inherit>
        Trusted members can create pages for groups and organisations and publish events. If you run
        a page or an event, keep its details accurate and let attendees know about changes or
        cancellations.
      </Text>
    ),
  },
  {
    heading: 'Moderation',
    body: (
      <Text inherit>
        Admins may remove content, limit features or suspend accounts that break these terms or put
        others at risk. Where we can, we tell you what was removed and why.
      </Text>
    ),
  },
  {
    heading: 'Availability and liability',
    body: (
      <Text inherit>
        We work to keep Plantfolk running and your data safe, but the service is provided as it is,
        without guarantees that it will always be available or free of errors. To the extent the law
        allows, we are not liable for losses arising from your use of Plantfolk or from arrangements
        between members.
      </Text>
    ),
  },
  {
    heading: 'Ending your use',
    body: (
      <Text inherit>
        You can delete your account at any time from your settings. Your posts, plants and
        conversations are deleted with it, as described in the{' '}
        <Anchor component={Link} to="/docs/privacy-policy" inherit>
          privacy policy
        </Anchor>
        .
      </Text>
    ),
  },
  {
    heading: 'Changes to these terms',
    body: (
      <Text inherit>
        When we change these terms in a way that matters, we will tell members by e-mail or on the
        site before the change takes effect. Using Plantfolk after that means you accept the new
        terms.
      </Text>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of use"
      intro="The rules for using Plantfolk, written to be read. They keep the community friendly and safe."
      sections={sections}
    />
  );
}
