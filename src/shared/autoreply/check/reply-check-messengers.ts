import { WORD_CHARACTERS } from './reply-check-normalise';

// Detector of contacts outside the marketplace: messenger handles, messengers and social networks by name, invitations
// to write or call there (spec, Reply rule 4: a reply leads the buyer nowhere but the marketplace).

// "@shop_support" as a word of its own ("ivan@mail.ru" is an e-mail); read in `lines`, where "at" is still a word.
const HANDLE = new RegExp(String.raw`@(?<![${WORD_CHARACTERS}._%+-]@) ?[a-z_][a-z0-9_.]{2,}`);

// Names from their first letters, so that any ending counts ("телеграме", "ватсапп"); a preposition may be joined to
// a spaced-out name ("в т е л е г р а м" reads "втелеграм").
const NAMES =
  "telegram|телеграм|whatsapp|what'?s app|ватсап|вотсап|вацап|уатсап|viber|вайбер|вибер|vkontakte|вконтакт|instagram|инстаграм|facebook|фейсбук|skype|скайп|discord|дискорд";
// Short names that are other words elsewhere ("тг" is also tenge, "инст" a cut of many words): only after "в", "на" …
const SHORT_NAMES = 'тг|tg|wa|ig|инст|инста|инсту|инсте|insta|лс|личка|личку|личке|директ|direct|dm|дм';
const PREPOSITIONS = 'в|во|на|in|on|via';
// "напишите нам в личные сообщения", "пишите мне в директ", "подписывайтесь на наш канал", "звоните на номер".
const VERBS =
  'напиши|напишите|пиши|пишите|черкните|свяжитесь|связывайтесь|обращайтесь|звоните|позвоните|добавляйтесь|подписывайтесь|вступайте|стучите|стучитесь|маякните|write|message|text|contact|ping|call|add|follow|dm|pm';
const CHANNELS =
  'личн|директ|direct|мессенджер|messenger|соцсет|социальн|social|почт|e-?mail|емейл|имейл|мейл|мыло|номер|телефон|phone|number|групп|group|канал|channel|паблик|профил|profile|аккаунт|account|страниц|page|сообществ|community';
const POSSESSIVES = 'наш|нашу|нашем|наше|нашей|наши|мой|мою|моем|мои|our|my';
// Every family from a word start, in one scan (a consumed non-letter scans faster than a look-behind); an invitation is
// read from its preposition, the verb before it checked behind, which keeps the alternatives tried at each word few.
const MESSENGER_OR_INVITATION = new RegExp(
  String.raw`(?:^|[^${WORD_CHARACTERS}])(?:(?:в|во|на)?(?:${NAMES})|(?:vk|вк|(?:тг|tg)(?= ?:))(?![${WORD_CHARACTERS}])|(?:t|wa) ?\. ?me(?![${WORD_CHARACTERS}])|(?:${PREPOSITIONS}) (?:(?:${SHORT_NAMES})(?![${WORD_CHARACTERS}])|(?:(?:${POSSESSIVES}) )?(?:${CHANNELS})(?<=(?<![${WORD_CHARACTERS}])(?:${VERBS})(?: (?:нам|мне|us|me))?,?(?: пожалуйста,?)? (?:${PREPOSITIONS}) (?:(?:${POSSESSIVES}) )?(?:${CHANNELS}))))`,
);

/** Reads both forms: handles in `lines`, names and invitations in `contact`, where spaced-out letters are joined. */
export function hasContact(lines: string, contact: string): boolean {
  return HANDLE.test(lines) || MESSENGER_OR_INVITATION.test(contact);
}
