import { ApiProperty } from '@nestjs/swagger';
import { PublicProfileDto } from '../../identity';
import { PageDto } from '../../pages';

export class CountsDto {
  @ApiProperty({ description: 'Posts of every type the viewer may see' }) posts: number;
  @ApiProperty({ description: 'Plant listings the viewer may see' }) plantsAll: number;
  @ApiProperty({ description: 'Of those, the available ones' }) plantsAvail: number;
}

export class UserOrPageBasicDto {
  @ApiProperty({ enum: ['user', 'page'] }) kind: 'user' | 'page';
  @ApiProperty({
    type: PublicProfileDto,
    required: false,
    description: 'kind user: the member, with their bio',
  })
  user?: PublicProfileDto;
  @ApiProperty({ type: CountsDto, required: false, description: 'kind user: their counts' })
  counts?: CountsDto;
  @ApiProperty({ type: PageDto, required: false, description: 'kind page: the page' })
  page?: PageDto;
}
