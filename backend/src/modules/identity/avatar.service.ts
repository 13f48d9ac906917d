import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ImagePipeline, imageRefs } from '../../platform/images/image-pipeline.service';
import { StorageService } from '../../platform/storage/storage.service';
import { UserAccount } from './entities/user-account.entity';

/**
 * A member's picture: processed by the image pipeline with an upload record (swept with its files
 * if the account never takes it); replaced files are removed by a cleanup job.
 */
@Injectable()
export class AvatarService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly images: ImagePipeline,
    private readonly storage: StorageService,
  ) {}

  async replace(userId: string, bytes: Buffer): Promise<UserAccount> {
    const image = await this.images.processUpload(userId, bytes, { folder: 'avatars' });
    try {
      return await this.dataSource.transaction(async (manager) => {
        const user = await manager.findOneOrFail(UserAccount, {
          where: { id: userId },
          lock: { mode: 'pessimistic_write' },
        });
        const previous = refsOf(user);
        await this.images.attachUpload(manager, image.ref, userId);
        await this.images.forgetUploads(manager, [user.avatar]);
        user.avatar = image.ref;
        user.avatarVariants = imageRefs(image).filter((ref) => ref !== image.ref);
        user.avatarBlurhash = image.blurhash;
        const saved = await manager.save(user);
        await this.storage.scheduleRemoval(previous, manager);
        return saved;
      });
    } catch (error) {
      // The new files belong to nobody now.
      await this.storage.remove(imageRefs(image)).catch(() => undefined);
      throw error;
    }
  }

  async remove(userId: string): Promise<UserAccount> {
    return this.dataSource.transaction(async (manager) => {
      const user = await manager.findOneOrFail(UserAccount, {
        where: { id: userId },
        lock: { mode: 'pessimistic_write' },
      });
      const previous = refsOf(user);
      await this.images.forgetUploads(manager, [user.avatar]);
      user.avatar = null;
      user.avatarVariants = [];
      user.avatarBlurhash = null;
      const saved = await manager.save(user);
      await this.storage.scheduleRemoval(previous, manager);
      return saved;
    });
  }
}

function refsOf(user: UserAccount): string[] {
  return [user.avatar, ...user.avatarVariants].filter((ref): ref is string => Boolean(ref));
}
