import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { Roles } from '../../common/auth/roles';
import { ApiPageResponse, Page } from '../../common/http/pagination.dto';
import { UserListQueryDto, UserProfileDto } from './users.dto';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Roles('admin')
  @ApiOperation({ summary: 'Пользователи (только администратор)' })
  @ApiPageResponse(UserProfileDto)
  list(@Query() query: UserListQueryDto): Promise<Page<UserProfileDto>> {
    return this.users.list(query);
  }
}
