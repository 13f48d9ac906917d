import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { isTimeZone, normalTimeZone } from '../../platform/time-zone/time-zone';
import {
  type DistanceUnit,
  EMAIL_MODE_DEFAULTS,
  type EmailKind,
  type EmailMode,
  UserSettings,
} from './entities/user-settings.entity';
import {
  type EmailRecipient,
  emailRecipientsByIds,
  insertDefaultSettings,
  setEmailMode,
  timeZonesByIds,
} from './user-settings.queries';

export type { EmailRecipient } from './user-settings.queries';

export interface UserSettingsView {
  /** Spec fields: on unless the kind's mode is 'off' (see `update` for writing them). */
  email_on_message: boolean;
  email_on_comment: boolean;
  email_on_event: boolean;
  /** Per kind: 'off', 'immediately' or 'daily' (a digest). */
  email_messages: EmailMode;
  /** Comments and reactions. */
  email_comments: EmailMode;
  email_events: EmailMode;
  show_in_nearby: boolean;
  distance_unit: DistanceUnit;
  /** IANA zone the daily digest goes out in, at 07:00; null: not set yet (UTC). */
  time_zone: string | null;
}

export type UserSettingsChanges = Partial<Omit<UserSettingsView, 'time_zone'>> & {
  /** Checked by the caller (platform/time-zone isTimeZone). */
  time_zone?: string;
};

const MODE_FIELD = {
  messages: 'emailMessages',
  comments: 'emailComments',
  events: 'emailEvents',
} as const satisfies Record<EmailKind, keyof UserSettings>;

/** Each kind's old on/off switch and its mode field in the API. */
const KIND_FIELDS = [
  { kind: 'messages', flag: 'email_on_message', mode: 'email_messages' },
  { kind: 'comments', flag: 'email_on_comment', mode: 'email_comments' },
  { kind: 'events', flag: 'email_on_event', mode: 'email_events' },
] as const satisfies ReadonlyArray<{
  kind: EmailKind;
  flag: keyof UserSettingsView;
  mode: keyof UserSettingsView;
}>;

function modesView(modes: Record<EmailKind, EmailMode>) {
  return {
    email_on_message: modes.messages !== 'off',
    email_on_comment: modes.comments !== 'off',
    email_on_event: modes.events !== 'off',
    email_messages: modes.messages,
    email_comments: modes.comments,
    email_events: modes.events,
  };
}

const DEFAULTS: UserSettingsView = {
  ...modesView(EMAIL_MODE_DEFAULTS),
  show_in_nearby: true,
  distance_unit: 'km',
  time_zone: null,
};

function toView(settings: UserSettings): UserSettingsView {
  return {
    ...modesView({
      messages: settings.emailMessages,
      comments: settings.emailComments,
      events: settings.emailEvents,
    }),
    show_in_nearby: settings.showInNearby,
    distance_unit: settings.distanceUnit,
    time_zone: settings.timeZone,
  };
}

/**
 * The new mode of one kind from a change: its mode field wins; else its old switch — false is
 * 'off', true keeps an 'immediately' or 'daily' and turns 'off' into the kind's default.
 */
export function nextEmailMode(
  kind: EmailKind,
  current: EmailMode,
  flag: boolean | undefined,
  mode: EmailMode | undefined,
): EmailMode {
  if (mode !== undefined) return mode;
  if (flag === undefined) return current;
  if (!flag) return 'off';
  return current === 'off' ? EMAIL_MODE_DEFAULTS[kind] : current;
}

@Injectable()
export class UserSettingsService {
  constructor(
    @InjectRepository(UserSettings) private readonly settings: Repository<UserSettings>,
    private readonly dataSource: DataSource,
  ) {}

  /** The member's settings; the defaults until they save any. */
  async get(userId: string): Promise<UserSettingsView> {
    const found = await this.settings.findOne({ where: { userId } });
    return found ? toView(found) : { ...DEFAULTS };
  }

  /** Stores the defaults if the member has no settings yet; changes nothing otherwise. */
  async create(userId: string): Promise<UserSettingsView> {
    await insertDefaultSettings(this.settings.manager, userId);
    return this.get(userId);
  }

  async update(userId: string, changes: UserSettingsChanges): Promise<UserSettingsView> {
    const values: Partial<UserSettings> = {
      ...(changes.show_in_nearby !== undefined && { showInNearby: changes.show_in_nearby }),
      ...(changes.distance_unit !== undefined && { distanceUnit: changes.distance_unit }),
      ...(changes.time_zone !== undefined && { timeZone: normalTimeZone(changes.time_zone) }),
    };
    const touchesEmail = KIND_FIELDS.some(
      ({ flag, mode }) => changes[flag] !== undefined || changes[mode] !== undefined,
    );
    if (touchesEmail) {
      const current = await this.get(userId);
      for (const { kind, flag, mode } of KIND_FIELDS) {
        values[MODE_FIELD[kind]] = nextEmailMode(
          kind,
          current[mode],
          changes[flag] as boolean | undefined,
          changes[mode] as EmailMode | undefined,
        );
      }
    }
    await this.settings.upsert({ userId, ...values }, ['userId']);
    return this.get(userId);
  }

  /**
   * The members of `userIds` who can be e-mailed (registered, not suspended, a verified address),
   * with their address, handle and mode per kind (the defaults when they never saved settings).
   */
  emailRecipients(userIds: readonly string[]): Promise<EmailRecipient[]> {
    if (!userIds.length) return Promise.resolve([]);
    return emailRecipientsByIds(this.dataSource, [...new Set(userIds)]);
  }

  /**
   * Each member's time zone among `userIds`, UTC for those who set none (or one Intl no longer
   * knows), as a map by id.
   */
  async timeZonesOf(userIds: readonly string[]): Promise<Map<string, string>> {
    const zones = new Map(userIds.map((id) => [id, 'UTC']));
    if (!userIds.length) return zones;
    for (const row of await timeZonesByIds(this.dataSource, [...zones.keys()]))
      if (isTimeZone(row.time_zone)) zones.set(row.user_id, row.time_zone);
    return zones;
  }

  /** Sets one kind's e-mail mode (an unsubscribe link turns it 'off'); false: no such member. */
  setEmailMode(userId: string, kind: EmailKind, mode: EmailMode): Promise<boolean> {
    return setEmailMode(this.dataSource, userId, kind, mode);
  }
}
