// Every migration, in order. `npm run migration:generate -w @plantfolk/backend -- <Name>` appends here.
import { AdminUserSearch1795540000000 } from './1795540000000-AdminUserSearch';
import { NotificationReads1795550000000 } from './1795550000000-NotificationReads';
import { Messaging1795560000000 } from './1795560000000-Messaging';
import { EmailPreferences1795570000000 } from './1795570000000-EmailPreferences';
import { InvitesAndForms1795610000000 } from './1795610000000-InvitesAndForms';
import { PostLinkUrl1795580000000 } from './1795580000000-PostLinkUrl';
import { SiteSettingsAndAudit1795590000000 } from './1795590000000-SiteSettingsAndAudit';
import { Search1795600000000 } from './1795600000000-Search';
import { CleanupAndOps1795620000000 } from './1795620000000-CleanupAndOps';
import { PlantNearbyPoint1795640000000 } from './1795640000000-PlantNearbyPoint';
import { AnnouncementReceipts1795650000000 } from './1795650000000-AnnouncementReceipts';
import { SearchOneRow1795660000000 } from './1795660000000-SearchOneRow';
import { PeopleNearby1795530000000 } from './1795530000000-PeopleNearby';
import { LinkPreviews1795520000000 } from './1795520000000-LinkPreviews';
import { Events1795510000000 } from './1795510000000-Events';
import { Pages1795500000000 } from './1795500000000-Pages';
import { SocialBasics1795487837236 } from './1795487837236-SocialBasics';
import { UploadRenderQueue1795477623017 } from './1795477623017-UploadRenderQueue';
import { PostTallyAndTagFeed1795477157518 } from './1795477157518-PostTallyAndTagFeed';
import { TagNamers1795467720555 } from './1795467720555-TagNamers';
import { NearbyPublicPoint1795467462328 } from './1795467462328-NearbyPublicPoint';
import { SeedInterestCategories1795400000000 } from './1795400000000-SeedInterestCategories';
import { Content1795317740979 } from './1795317740979-Content';
import { Tags1795317618937 } from './1795317618937-Tags';
import { Identity1795312449869 } from './1795312449869-Identity';
import { Outbox1795308713069 } from './1795308713069-Outbox';
import { MemberTimeZones1795680000000 } from './1795680000000-MemberTimeZones';
import { DetachedUploads1795700000000 } from './1795700000000-DetachedUploads';
export const migrations = [
  Outbox1795308713069,
  Identity1795312449869,
  Tags1795317618937,
  Content1795317740979,
  SeedInterestCategories1795400000000,
  NearbyPublicPoint1795467462328,
  TagNamers1795467720555,
  PostTallyAndTagFeed1795477157518,
  UploadRenderQueue1795477623017,
  SocialBasics1795487837236,
  Pages1795500000000,
  Events1795510000000,
  LinkPreviews1795520000000,
  PeopleNearby1795530000000,
  AdminUserSearch1795540000000,
  NotificationReads1795550000000,
  Messaging1795560000000,
  EmailPreferences1795570000000,
  PostLinkUrl1795580000000,
  SiteSettingsAndAudit1795590000000,
  Search1795600000000,
  InvitesAndForms1795610000000,
  CleanupAndOps1795620000000,
  PlantNearbyPoint1795640000000,
  AnnouncementReceipts1795650000000,
  SearchOneRow1795660000000,
  MemberTimeZones1795680000000,
  DetachedUploads1795700000000,
];
