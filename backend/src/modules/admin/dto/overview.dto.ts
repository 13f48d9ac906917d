import { ApiProperty } from '@nestjs/swagger';
import { QUEUE_NAMES } from '../../../platform/queues/job-registry';

export class OverviewCountDto {
  @ApiProperty({ enum: ['accounts', 'posts', 'pages', 'events'] }) name: string;
  @ApiProperty({ type: 'integer' }) value: number;
  @ApiProperty({
    description:
      'An estimate (the database planner’s, refreshed by autovacuum), not an exact count',
  })
  approximate: boolean;
}

export class QueueHealthDto {
  @ApiProperty({ enum: QUEUE_NAMES }) name: string;
  @ApiProperty({ type: 'integer' }) waiting: number;
  @ApiProperty({ type: 'integer' }) active: number;
  @ApiProperty({ type: 'integer' }) delayed: number;
  @ApiProperty({ type: 'integer', description: 'Failed jobs kept (14 days)' }) failed: number;
  @ApiProperty() paused: boolean;
}

export class OverviewAuditEntryDto {
  @ApiProperty() id: string;
  @ApiProperty({ type: String, nullable: true, description: 'The admin, by username' })
  actor: string | null;
  @ApiProperty({ example: 'tag.merge' }) action: string;
  @ApiProperty({ type: String, nullable: true }) target: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class AdminOverviewDto {
  @ApiProperty({ type: [OverviewCountDto] }) counts: OverviewCountDto[];
  @ApiProperty({ type: [QueueHealthDto] }) queues: QueueHealthDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A queue the site could not read (Redis down): the queues list is then empty',
  })
  queues_error: string | null;
  @ApiProperty({ type: [OverviewAuditEntryDto], description: 'The latest admin actions' })
  recent_audit: OverviewAuditEntryDto[];
}
