import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** What a user may see of one account: every brand, or only the brands with these ids. */
export interface DataScope {
  accountId: string;
  brandIds: 'all' | string[];
}

/** The request field where @AccountScope leaves the scope it resolved. */
export const DATA_SCOPE = Symbol('DATA_SCOPE');

/** The data scope @AccountScope resolved for this request's user and account. */
export const CurrentScope = createParamDecorator((_data: unknown, context: ExecutionContext): DataScope => {
  return context.switchToHttp().getRequest<{ [DATA_SCOPE]: DataScope }>()[DATA_SCOPE];
});
