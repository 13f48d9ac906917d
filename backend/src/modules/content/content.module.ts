import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity';
import { NotificationsModule } from '../notifications';
import { TagsModule } from '../tags';
import { CommentsController } from './comments.controller';
import { CommentsService } from './comments.service';
import { ContentAccountCleanup } from './content-account-cleanup';
import { PostTagMerge } from './post-tag-merge';
import { ContentItemsService } from './content-items.service';
import { ContentService } from './content.service';
import { Comment } from './entities/comment.entity';
import { LinkPreview } from './entities/link-preview.entity';
import { PostPhoto } from './entities/post-photo.entity';
import { PostTag } from './entities/post-tag.entity';
import { PostTally } from './entities/post-tally.entity';
import { Post } from './entities/post.entity';
import { Reaction } from './entities/reaction.entity';
import { UploadedImage } from './entities/uploaded-image.entity';
import { FeedsService } from './feeds.service';
import { CommentCreatedJob } from './jobs/comment-created.job';
import { CommentMentionsJob } from './jobs/comment-mentions.job';
import { LinkPreviewJob } from './jobs/link-preview.job';
import { PostMentionsJob } from './jobs/post-mentions.job';
import { LinkPreviewsService } from './link-previews.service';
import { MentionNotices } from './mentions.service';
import { CONTENT_JOBS } from './jobs/content.jobs';
import { PurgeUnattachedUploadsJob } from './jobs/purge-unattached-uploads.job';
import { PurgeUnusedLinkPreviewsJob } from './jobs/purge-unused-link-previews.job';
import { ReactionCreatedJob } from './jobs/reaction-created.job';
import { RenderUploadJob } from './jobs/render-upload.job';
import { ContentNotices } from './notices.service';
import { ContentNotificationSource } from './notification-source';
import { PostKinds } from './post-kinds';
import { PostPages } from './post-pages';
import { PostsController } from './posts.controller';
import { PostsService } from './posts.service';
import { PublicPostsController } from './public-posts.controller';
import { ReactionsController } from './reactions.controller';
import { ReactionsService } from './reactions.service';
import { ReactorsService } from './reactors.service';
import { UploadsService } from './uploads.service';
import { TrackedUploads } from './tracked-uploads';
import { ContentSearch } from './content-search';

/**
 * Posts, their photos and tags, comments and reactions, and the feeds. Post kinds with details of
 * their own (plants) register with ContentService. Reactions and comments are written with their
 * job (outbox); content's processors decide who hears of them and hand the notifications module a
 * self-contained `notify` job.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      Post,
      PostTag,
      PostTally,
      PostPhoto,
      Comment,
      LinkPreview,
      Reaction,
      UploadedImage,
    ]),
    IdentityModule,
    NotificationsModule,
    TagsModule,
  ],
  controllers: [PostsController, CommentsController, ReactionsController, PublicPostsController],
  providers: [
    CONTENT_JOBS.provider,
    CommentCreatedJob,
    CommentMentionsJob,
    CommentsService,
    ContentAccountCleanup,
    ContentItemsService,
    ContentNotices,
    ContentNotificationSource,
    ContentSearch,
    ContentService,
    FeedsService,
    LinkPreviewJob,
    LinkPreviewsService,
    MentionNotices,
    PostKinds,
    PostTagMerge,
    PostMentionsJob,
    PostPages,
    PostsService,
    PurgeUnattachedUploadsJob,
    PurgeUnusedLinkPreviewsJob,
    ReactionCreatedJob,
    ReactionsService,
    ReactorsService,
    RenderUploadJob,
    TrackedUploads,
    UploadsService,
  ],
  exports: [ContentService],
})
export class ContentModule {}
