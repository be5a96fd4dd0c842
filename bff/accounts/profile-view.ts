import type { User } from '#shared/cinema-api/accounts.ts';
import type { ProfileView } from '#shared/views/accounts.ts';

export function toProfileView(user: User): ProfileView {
  const sex = user.sex === 'M' || user.sex === 'F' ? user.sex : '';
  return {
    name: user.name,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    doc_type: user.doc_type,
    doc_number: user.doc_number,
    birthday: user.birthday ?? '',
    sex,
  };
}
