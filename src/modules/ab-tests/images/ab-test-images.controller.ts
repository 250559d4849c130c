import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { Public } from '../../../common/auth/public.decorator';
import { CurrentRequestMeta, RequestMeta } from '../../../common/auth/request-meta';
import { MultipartUploadRoute } from '../../../common/http/multipart-upload';
import { ThrottleGroupOf } from '../../../common/throttle/throttle.decorator';
import { AbTestImageResponseDto } from './ab-test-images.dto';
import { AbTestImagesService, IMAGE_MAX_TEXT, PUBLIC_IMAGES_PATH } from './ab-test-images.service';
import { MIN_IMAGE_HEIGHT, MIN_IMAGE_WIDTH } from './image-check';

/** The bytes behind a token never change: a year, and never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Spec (A/B tests): images of the variants, uploaded by a seller and fetched by the marketplace from their public address. */
@ApiTags('ab-tests')
@Controller(PUBLIC_IMAGES_PATH)
export class AbTestImagesController {
  constructor(private readonly images: AbTestImagesService) {}

  @Post()
  @MultipartUploadRoute(
    { mpAccountId: { format: 'uuid', description: 'Кабинет; чужой или несуществующий — 404' } },
    {
      description: `JPEG, PNG, WebP, GIF (без анимации) или BMP по содержимому, не меньше ${MIN_IMAGE_WIDTH} × ${MIN_IMAGE_HEIGHT} пикселей`,
      maxFileText: IMAGE_MAX_TEXT,
    },
  )
  @ApiOperation({
    summary: 'Загрузить изображение варианта A/B-теста',
    description:
      `multipart/form-data: поле mpAccountId, затем файл в части file, до ${IMAGE_MAX_TEXT}. Тип определяется по содержимому, не по имени; ` +
      `изображение меньше ${MIN_IMAGE_WIDTH} × ${MIN_IMAGE_HEIGHT}, повреждённое или не изображение — 400 VALIDATION_FAILED.`,
  })
  @ApiCreatedResponse({ type: AbTestImageResponseDto })
  upload(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<AbTestImageResponseDto> {
    return this.images.upload(user, request, meta);
  }

  @Get(':token')
  @Public()
  @ThrottleGroupOf('publicImages')
  @ApiOperation({
    summary: 'Изображение по публичному адресу (без авторизации)',
    description: 'Отдаёт сами байты с их Content-Type, ETag и Cache-Control immutable; неизвестный или некорректный токен — 404.',
  })
  @ApiParam({ name: 'token', schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$' } })
  @ApiProduces('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/bmp')
  @ApiOkResponse({ description: 'Изображение', schema: { type: 'string', format: 'binary' } })
  async image(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const image = await this.images.byToken(token);
    const etag = `"${image.sha256}"`;
    reply.header('ETag', etag).header('Cache-Control', IMMUTABLE);
    if (request.headers['if-none-match'] === etag) return void reply.status(304).send();
    reply.header('Content-Type', image.contentType).header('Content-Length', String(image.byteSize)).send(image.bytes);
  }
}
