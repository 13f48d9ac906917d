import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { type DistanceUnit, UserSettings } from './entities/user-settings.entity';
import { insertDefaultSettings } from './user-settings.queries';

export interface UserSettingsView {
  email_on_message: boolean;
  email_on_comment: boolean;
  email_on_event: boolean;
  show_in_nearby: boolean;
  distance_unit: DistanceUnit;
}

const DEFAULTS: UserSettingsView = {
  email_on_message: true,
  email_on_comment: true,
  email_on_event: true,
  show_in_nearby: true,
  distance_unit: 'km',
};

function toView(settings: UserSettings): UserSettingsView {
  return {
    email_on_message: settings.emailOnMessage,
    email_on_comment: settings.emailOnComment,
    email_on_event: settings.emailOnEvent,
    show_in_nearby: settings.showInNearby,
    distance_unit: settings.distanceUnit,
  };
}

@Injectable()
export class UserSettingsService {
  constructor(
    @InjectRepository(UserSettings) private readonly settings: Repository<UserSettings>,
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

  async update(userId: string, changes: Partial<UserSettingsView>): Promise<UserSettingsView> {
    const values: Partial<UserSettings> = {
      ...(changes.email_on_message !== undefined && { emailOnMessage: changes.email_on_message }),
      ...(changes.email_on_comment !== undefined && { emailOnComment: changes.email_on_comment }),
      ...(changes.email_on_event !== undefined && { emailOnEvent: changes.email_on_event }),
      ...(changes.show_in_nearby !== undefined && { showInNearby: changes.show_in_nearby }),
      ...(changes.distance_unit !== undefined && { distanceUnit: changes.distance_unit }),
    };
    await this.settings.upsert({ userId, ...values }, ['userId']);
    return this.get(userId);
  }
}
