import { ApiProperty } from '@nestjs/swagger';
import { LOCATION_CLEANUPS } from '../location-cleanup.service';

export class CleanupProgressDto {
  @ApiProperty({ description: 'Groups of duplicates, or orphaned places, found at the start' })
  total: number;

  @ApiProperty({ description: 'How many of them are handled' }) done: number;
  @ApiProperty({ description: 'Places deleted' }) removed: number;

  @ApiProperty({ description: 'Event templates and dates moved onto the place kept' })
  repointed: number;

  @ApiProperty() finished: boolean;
}

/** One run of a location cleanup: a job on the `cleanup` queue. */
export class CleanupRunDto {
  @ApiProperty({ description: 'The job id, to follow the run' }) id: string;
  @ApiProperty({ enum: LOCATION_CLEANUPS }) kind: string;

  @ApiProperty({
    description: 'The job state: waiting, delayed, active, completed or failed',
    example: 'active',
  })
  state: string;

  @ApiProperty({ type: CleanupProgressDto, nullable: true }) progress: CleanupProgressDto | null;
  @ApiProperty({ format: 'date-time' }) requested_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at: string | null;
  @ApiProperty({ type: String, nullable: true }) failed_reason: string | null;
}
