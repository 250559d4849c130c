import { Injectable } from '@nestjs/common';
import { toPage } from '../../common/http/pagination';
import { Page } from '../../common/http/pagination.dto';
import { UserListQueryDto, UserProfileDto } from './users.dto';
import { UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(private readonly repository: UsersRepository) {}

  async list(query: UserListQueryDto): Promise<Page<UserProfileDto>> {
    const { rows, total } = await this.repository.findPage(query);
    return toPage(rows, total, query);
  }
}
