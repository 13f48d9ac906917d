import { ApiProperty } from '@nestjs/swagger';
import { PublicProfileDto } from '../../identity';

export class CountsDto {
  @ApiProperty({ description: 'Posts of every type the viewer may see' }) posts: number;
  @ApiProperty({ description: 'Plant listings the viewer may see' }) plantsAll: number;
  @ApiProperty({ description: 'Of those, the available ones' }) plantsAvail: number;
}

export class UserOrPageBasicDto {
  @ApiProperty({ enum: ['user'] }) kind: 'user';
  @ApiProperty({ type: PublicProfileDto, description: 'The member, with their bio' })
  user: PublicProfileDto;
  @ApiProperty({ type: CountsDto }) counts: CountsDto;
}
