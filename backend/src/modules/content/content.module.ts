import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity/identity.module';
import { TagsModule } from '../tags/tags.module';
import { CommentsController } from './comments.controller';
import { CommentsService } from './comments.service';
import { ContentAccountCleanup } from './content-account-cleanup';
import { ContentItemsService } from './content-items.service';
import { ContentService } from './content.service';
import { Comment } from './entities/comment.entity';
import { PostPhoto } from './entities/post-photo.entity';
import { PostTag } from './entities/post-tag.entity';
import { Post } from './entities/post.entity';
import { Reaction } from './entities/reaction.entity';
import { UploadedImage } from './entities/uploaded-image.entity';
import { FeedsService } from './feeds.service';
import { PurgeUnattachedUploadsJob } from './jobs/purge-unattached-uploads.job';
import { PostsController } from './posts.controller';
import { PostsService } from './posts.service';
import { PublicPostsController } from './public-posts.controller';
import { ReactionsController } from './reactions.controller';
import { ReactionsService } from './reactions.service';
import { UploadsService } from './uploads.service';

/**
 * Posts, their photos and tags, comments and reactions, and the feeds. The plants module builds
 * plant listings on ContentService; the notifications module hears about reactions and comments
 * through the `notifications` queue (jobs written to the outbox with the change).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Post, PostTag, PostPhoto, Comment, Reaction, UploadedImage]),
    IdentityModule,
    TagsModule,
  ],
  controllers: [PostsController, CommentsController, ReactionsController, PublicPostsController],
  providers: [
    ContentItemsService,
    ContentService,
    CommentsService,
    ContentAccountCleanup,
    FeedsService,
    PostsService,
    PurgeUnattachedUploadsJob,
    ReactionsService,
    UploadsService,
  ],
  exports: [ContentService],
})
export class ContentModule {}
