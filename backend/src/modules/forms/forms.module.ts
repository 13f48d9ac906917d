import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity';
import { FormEntry } from './entities/form-entry.entity';
import { FormsController } from './forms.controller';
import { FormsService } from './forms.service';

/** Contact and feedback entries: written by anyone, read and handled by admins. */
@Module({
  imports: [TypeOrmModule.forFeature([FormEntry]), IdentityModule],
  controllers: [FormsController],
  providers: [FormsService],
})
export class FormsModule {}
