import { Pool } from 'pg';

/** The catalog benchmarks' database and the seller whose account holds 100 000 products; kept between runs. */
export const PRODUCTS = 100_000;
export const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/seller_operations_bench';
export const OWNER_ID = '6c0e7a52-3b1d-4f7e-9a40-5d2c1b0a9e01';
export const ACCOUNT_ID = '6c0e7a52-3b1d-4f7e-9a40-5d2c1b0a9e02';

const KINDS = [
  'Платье',
  'Футболка',
  'Джинсы',
  'Худи',
  'Куртка',
  'Юбка',
  'Рубашка',
  'Свитер',
  'Брюки',
  'Шорты',
  'Кардиган',
  'Пальто',
  'Блузка',
  'Жилет',
  'Толстовка',
  'Комбинезон',
  'Пиджак',
  'Водолазка',
  'Лонгслив',
  'Сарафан',
];
const STYLES = [
  'оверсайз',
  'классика',
  'миди',
  'макси',
  'мини',
  'базовая',
  'хлопковая',
  'льняная',
  'шерстяная',
  'трикотажная',
  'джинсовая',
  'вельветовая',
  'утеплённая',
  'летняя',
  'зимняя',
  'офисная',
  'спортивная',
  'домашняя',
  'праздничная',
  'повседневная',
  'винтажная',
  'укороченная',
  'удлинённая',
  'свободная',
  'прямая',
];
const COLOURS = [
  'чёрный',
  'белый',
  'синий',
  'красный',
  'зелёный',
  'бежевый',
  'серый',
  'розовый',
  'голубой',
  'жёлтый',
  'коричневый',
  'бордовый',
  'хаки',
  'молочный',
  'графитовый',
  'лавандовый',
];

/** One seller with one account of 100 000 products in 20 brands, 1 in 10 without a price; kept between runs. */
export async function seedCatalog(pool: Pool): Promise<void> {
  await pool.query(
    `insert into users (id, email, display_name, password_hash) values ($1, 'catalog-bench@example.com', 'Бенчмарк каталога', '-') on conflict do nothing`,
    [OWNER_ID],
  );
  await pool.query(
    `insert into mp_accounts (id, owner_id, name, key_id, key_nonce, key_ciphertext, key_tag, key_last4)
     values ($1, $2, 'Каталог на 100 000 товаров', 'k1', '\\x00', '\\x00', '\\x00', '0000') on conflict do nothing`,
    [ACCOUNT_ID, OWNER_ID],
  );
  await pool.query(
    `insert into brands (mp_account_id, name) select $1, 'Бренд ' || b from generate_series(1, 20) as b on conflict do nothing`,
    [ACCOUNT_ID],
  );
  const { rows } = await pool.query<{ count: number }>('select count(*)::int as count from products where mp_account_id = $1', [
    ACCOUNT_ID,
  ]);
  if (rows[0].count !== PRODUCTS) await insertProducts(pool);
  // Rows inserted after the trigram index was built wait in its pending list, which every search reads until a vacuum.
  await pool.query('vacuum analyze products');
}

async function insertProducts(pool: Pool): Promise<void> {
  await pool.query('delete from products where mp_account_id = $1', [ACCOUNT_ID]);
  await pool.query(
    `insert into products (mp_account_id, nm_id, vendor_code, title, brand, brand_id, photo, card_updated_at,
                           price, discount, discounted_price, club_discount, price_updated_at, updated_at)
     select $1, 10000000 + i, 'ART-' || lpad(i::text, 6, '0'),
            ($2::text[])[i % 20 + 1] || ' ' || ($3::text[])[(i / 20) % 25 + 1] || ' ' || ($4::text[])[(i / 500) % 16 + 1]
              || ', размер ' || (array['XS', 'S', 'M', 'L', 'XL', 'XXL'])[i % 6 + 1],
            b.name, b.id, 'https://basket.example/' || i || '/1.webp', now() - (i % 1000) * interval '1 hour',
            p.price, p.discount, round(p.price * (100 - p.discount) / 100.0, 2), p.discount / 10, now(), now() - (i % 5000) * interval '1 minute'
     from generate_series(1, $5::int) as i
     join brands b on b.mp_account_id = $1 and b.name = 'Бренд ' || (i % 20 + 1)
     cross join lateral (select case when i % 10 = 0 then null else 500 + (i * 37) % 9500 end as price,
                                case when i % 10 = 0 then null else (i * 7) % 60 end as discount) p`,
    [ACCOUNT_ID, KINDS, STYLES, COLOURS, PRODUCTS],
  );
}
