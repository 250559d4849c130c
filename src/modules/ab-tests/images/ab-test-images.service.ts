import { Inject, Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import { DataScopeService } from '../../../common/auth/data-scope.service';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import { MultipartUploadSpec, readMultipartUpload } from '../../../common/http/multipart-upload';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import type { AbTestImageResponseDto } from './ab-test-images.dto';
import { AbTestImagesRepository, PublicImage } from './ab-test-images.repository';
import { checkImage } from './image-check';
import { contentHash, IMAGE_TOKEN_PATTERN, newImageToken } from './image-token';
import { PublicImageCache } from './public-image-cache';

/** Marketplace reference 15.4: an image of a card is at most 32 MB. */
export const IMAGE_MAX_BYTES = 32 * 1024 * 1024;
export const IMAGE_MAX_TEXT = '32 МБ';
export const IMAGE_NOT_FOUND = 'Изображение не найдено';
export const PUBLIC_IMAGES_PATH = 'ab-test-images';

/** The public address of an image: where the marketplace fetches it. */
export function publicImageUrl(config: AppConfig, token: string): string {
  return `${config.abTests.publicBaseUrl}/${PUBLIC_IMAGES_PATH}/${token}`;
}

const UPLOAD: MultipartUploadSpec<'mpAccountId'> = { fields: ['mpAccountId'], maxFileBytes: IMAGE_MAX_BYTES, maxFileText: IMAGE_MAX_TEXT };

@Injectable()
export class AbTestImagesService {
  private readonly served = new PublicImageCache();

  constructor(
    private readonly repository: AbTestImagesRepository,
    private readonly scope: DataScopeService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The account is checked before the file is read: a foreign or unknown one is 404 like elsewhere. */
  async upload(actor: AuthenticatedUser, request: FastifyRequest, meta: RequestMeta): Promise<AbTestImageResponseDto> {
    const { fields, file } = await readMultipartUpload(request, UPLOAD, async ({ mpAccountId }) => {
      if (!isUUID(mpAccountId)) throw AppError.validation([{ field: 'mpAccountId', errors: ['isUUID'] }]);
      await this.scope.accountScope(actor, mpAccountId, false);
    });
    const image = await checkImage(file);
    const row = await this.repository.insert({
      mpAccountId: fields.mpAccountId,
      token: newImageToken(),
      ...image,
      byteSize: file.length,
      sha256: contentHash(file),
      bytes: file,
      createdBy: actor.id,
    });
    const response = { id: row.id, publicUrl: this.publicUrl(row.token), width: row.width, height: row.height };
    await this.audit.record(
      settingChange('ab-test-image.upload', actor, 'ab-test-image', row, { contentType: image.contentType, byteSize: file.length }, meta),
    );
    return response;
  }

  /**
   * The image of a token; a malformed or unknown token is 404 alike. The bytes come from this process's cache when it
   * holds them, once the database says the image is still there.
   */
  async byToken(token: string): Promise<PublicImage> {
    if (!IMAGE_TOKEN_PATTERN.test(token)) throw AppError.notFound(IMAGE_NOT_FOUND);
    const cached = this.served.get(token);
    if (cached && (await this.repository.exists(token))) return cached;
    const image = await this.repository.findByToken(token);
    if (!image) throw AppError.notFound(IMAGE_NOT_FOUND);
    this.served.set(token, image);
    return image;
  }

  private publicUrl(token: string): string {
    return publicImageUrl(this.config, token);
  }
}
