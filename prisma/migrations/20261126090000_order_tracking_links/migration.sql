-- The public tracking link of each order (docs/order-documents.md, Tracking link): a token that cannot be
-- guessed, made by the database when the order row is inserted (whatever inserts it), renewable and
-- revocable by staff, and the count of views of the public page.

-- 132 random bits (two v4 UUIDs, 244 bits, hashed; the first 22 base64url characters)
create function new_tracking_token() returns varchar(22)
language sql volatile as $$
  select substr(translate(encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'base64'), '+/', '-_'), 1, 22)
$$;

create table order_tracking_link (
  order_id integer primary key references orders (id) on delete cascade on update cascade,
  token varchar(22) not null default new_tracking_token(),
  revoked_at timestamptz(3),
  views integer not null default 0,
  last_viewed_at timestamptz(3),
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);
create unique index order_tracking_link_token_key on order_tracking_link (token);

insert into order_tracking_link (order_id) select id from orders;

-- Every new order gets its link in the statement that inserts it.
create function order_tracking_link_on_insert() returns trigger
language plpgsql as $$
begin
  insert into order_tracking_link (order_id) select id from new_orders;
  return null;
end
$$;

create trigger order_tracking_link_insert after insert on orders
  referencing new table as new_orders
  for each statement execute function order_tracking_link_on_insert();
