import { Injectable } from '@nestjs/common';

import { Page } from '../../common/http/pagination.dto';
import { UserListQueryDto, UserProfileDto } from './users.dto';
import { UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(private readonly repository: UsersRepository) {}

  list(query: UserListQueryDto): Promise<Page<UserProfileDto>> {
    return this.repository.findPage(query);
  }
}
