/** A user as the contract answers it (`User`: the administration's and the caller's own account). */
import type { UserAnswer } from '@extranet/core/contract/users.ts';
import { toUserDto, type UserRecord } from './users.ts';

/** The DTO with its instants written as JSON writes them. */
export const userAnswer = (user: UserRecord): typeof UserAnswer.Encoded => {
  const dto = toUserDto(user);
  return {
    ...dto,
    // Typed as the contract's lists; the values are the stored ones, sent as they always were.
    marque: dto.marque as typeof UserAnswer.Encoded.marque,
    authorities: dto.authorities as typeof UserAnswer.Encoded.authorities,
    createdDate: dto.createdDate.toISOString(),
    lastModifiedDate: dto.lastModifiedDate?.toISOString() ?? null,
  };
};
