-- Settles a batch of engine events in one transaction: fails (40001) unless the shard's cursor
-- is at from_seq, then inserts the trades and ledger entries, moves each balance by its net
-- amount (a debit through UPDATE so that the CHECK constraint sees it, a credit to a new asset
-- through INSERT), updates the orders, moves the cursor to to_seq, and returns the new trades'
-- ids by sequence number. Every row it changes is found through its primary key, one at a time
-- in key order: PL/pgSQL keeps a function's plans for the life of a connection, and a key
-- equality has one good plan at any table size. Balances are locked in the ledger's one key
-- order, account, mode and asset with text in COLLATE "C" (byte) order, whatever the
-- database's collation: the order of place_orders and of the gateway's post()
-- (compareBalanceKeys in apps/gateway/src/features/wallet/ledger/posting.ts), so no two writers deadlock.
CREATE OR REPLACE FUNCTION settle_batch(p_shard text, from_seq int, to_seq int, trades jsonb, entries jsonb, balances jsonb, orders jsonb)
RETURNS TABLE (trade_seq int, trade_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  cur int;
  b record;
  o record;
BEGIN
  SELECT c."lastSeq" INTO cur FROM engine_cursor c WHERE c.shard = p_shard FOR UPDATE;
  IF coalesce(cur, 0) <> from_seq THEN
    RAISE EXCEPTION 'settlement cursor of shard % is at %, not %', p_shard, coalesce(cur, 0), from_seq USING ERRCODE = '40001';
  END IF;

  FOR b IN
    SELECT * FROM jsonb_to_recordset(balances)
      AS x("accountId" text, mode int, asset text, available numeric, frozen numeric, "isSystem" boolean, at timestamp(3))
    ORDER BY x."accountId" COLLATE "C", x.mode, x.asset COLLATE "C"
  LOOP
    UPDATE balance SET available = available + b.available, frozen = frozen + b.frozen, "updatedAt" = b.at
      WHERE "accountId" = b."accountId" AND mode = b.mode AND asset = b.asset;
    IF NOT FOUND THEN
      INSERT INTO balance ("accountId", mode, asset, available, frozen, "isSystem", "updatedAt")
        VALUES (b."accountId", b.mode, b.asset, b.available, b.frozen, b."isSystem", b.at);
    END IF;
  END LOOP;

  INSERT INTO ledger_entry ("txId", "accountId", mode, asset, bucket, amount, "flowType", "refType", "refId", "createdAt")
  SELECT x."txId", x."accountId", x.mode, x.asset, x.bucket, x.amount, x."flowType", x."refType", x."refId", x."createdAt"
  FROM jsonb_to_recordset(entries) AS x("txId" uuid, "accountId" text, mode int, asset text, bucket text, amount numeric,
    "flowType" int, "refType" text, "refId" text, "createdAt" timestamp(3));

  FOR o IN
    SELECT * FROM jsonb_to_recordset(orders) AS d(id bigint, status text, "rejectCode" int, "filledQuantity" numeric,
      "filledQuote" numeric, fee numeric, "feeAsset" text, "makerFills" int, "takerFills" int, "frozenRemaining" numeric,
      "triggeredAt" timestamp(3), "updatedAt" timestamp(3))
    ORDER BY d.id
  LOOP
    UPDATE spot_order SET status = o.status, "rejectCode" = o."rejectCode", "filledQuantity" = o."filledQuantity",
      "filledQuote" = o."filledQuote", fee = o.fee, "feeAsset" = o."feeAsset", "makerFills" = o."makerFills",
      "takerFills" = o."takerFills", "frozenRemaining" = o."frozenRemaining", "triggeredAt" = o."triggeredAt",
      "updatedAt" = o."updatedAt"
      WHERE id = o.id;
  END LOOP;

  INSERT INTO engine_cursor (shard, "lastSeq") VALUES (p_shard, to_seq)
  ON CONFLICT (shard) DO UPDATE SET "lastSeq" = EXCLUDED."lastSeq";

  RETURN QUERY
  INSERT INTO spot_trade (shard, seq, mode, symbol, price, quantity, "quoteAmount", "takerSide", "makerOrderId", "takerOrderId",
    "makerUserId", "takerUserId", "makerFee", "takerFee", "createdAt")
  SELECT p_shard, x.seq, x.mode, x.symbol, x.price, x.quantity, x."quoteAmount", x."takerSide", x."makerOrderId", x."takerOrderId",
    x."makerUserId", x."takerUserId", x."makerFee", x."takerFee", x."createdAt"
  FROM jsonb_to_recordset(trades) AS x(seq int, mode int, symbol text, price numeric, quantity numeric, "quoteAmount" numeric,
    "takerSide" text, "makerOrderId" bigint, "takerOrderId" bigint, "makerUserId" uuid, "takerUserId" uuid, "makerFee" numeric,
    "takerFee" numeric, "createdAt" timestamp(3))
  ORDER BY x.seq
  RETURNING spot_trade.seq, spot_trade.id;
END $$;
