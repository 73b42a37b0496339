-- place_orders and settle_batch lock balance rows in the ledger's one key order: account, mode
-- and asset, text compared in COLLATE "C" (byte) order, as the gateway's post() does too
-- (compareBalanceKeys). Before, both functions sorted by the database's collation and post() by
-- localeCompare, which disagree on keys such as 'usd' and 'USDT' or 'a_b' and 'aB': two writers
-- could take the same rows in opposite orders and deadlock. Nothing else changes.
-- place_orders, from prisma/functions/place_orders.sql (edit it there)
CREATE OR REPLACE FUNCTION place_orders(batch jsonb, flow_type int)
RETURNS TABLE (idx int, order_id bigint, outcome text)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  new_id bigint;
  tx uuid;
BEGIN
  FOR r IN
    SELECT * FROM jsonb_to_recordset(batch) AS x(
      i int, "userId" uuid, mode int, symbol text, "clientOrderId" text, side text, type text, "timeInForce" text,
      price numeric, quantity numeric, "quoteAmount" numeric, "icebergSize" numeric, "triggerPrice" numeric,
      "triggerDirection" text, "trailingDelta" numeric, "activationPrice" numeric, "frozenAsset" text, amount numeric,
      at timestamp(3))
    ORDER BY x."userId"::text COLLATE "C", x.mode, x."frozenAsset" COLLATE "C", x.i
  LOOP
    idx := r.i;
    UPDATE balance b SET available = b.available - r.amount, frozen = b.frozen + r.amount, "updatedAt" = r.at
      WHERE b."accountId" = r."userId"::text AND b.mode = r.mode AND b.asset = r."frozenAsset" AND b.available >= r.amount;
    IF NOT FOUND THEN
      order_id := NULL;
      outcome := 'INSUFFICIENT_BALANCE';
      RETURN NEXT;
      CONTINUE;
    END IF;
    new_id := NULL;
    INSERT INTO spot_order ("userId", mode, symbol, "clientOrderId", side, type, "timeInForce", price, quantity,
        "quoteAmount", "icebergSize", "triggerPrice", "triggerDirection", "trailingDelta", "activationPrice",
        status, "frozenAsset", "frozenRemaining", "createdAt", "updatedAt")
      VALUES (r."userId", r.mode, r.symbol, r."clientOrderId", r.side, r.type, r."timeInForce", r.price, r.quantity,
        r."quoteAmount", r."icebergSize", r."triggerPrice", r."triggerDirection", r."trailingDelta", r."activationPrice",
        'PENDING', r."frozenAsset", r.amount, r.at, r.at)
      ON CONFLICT ("userId", mode, "clientOrderId") DO NOTHING
      RETURNING id INTO new_id;
    IF new_id IS NULL THEN
      UPDATE balance b SET available = b.available + r.amount, frozen = b.frozen - r.amount
        WHERE b."accountId" = r."userId"::text AND b.mode = r.mode AND b.asset = r."frozenAsset";
      SELECT o.id INTO new_id FROM spot_order o
        WHERE o."userId" = r."userId" AND o.mode = r.mode AND o."clientOrderId" = r."clientOrderId";
      order_id := new_id;
      outcome := 'DUPLICATE';
      RETURN NEXT;
      CONTINUE;
    END IF;
    tx := gen_random_uuid();
    INSERT INTO ledger_entry ("txId", "accountId", mode, asset, bucket, amount, "flowType", "refType", "refId", "createdAt")
      VALUES (tx, r."userId"::text, r.mode, r."frozenAsset", 'AVAILABLE', -r.amount, flow_type, 'ORDER', new_id::text, r.at),
             (tx, r."userId"::text, r.mode, r."frozenAsset", 'FROZEN', r.amount, flow_type, 'ORDER', new_id::text, r.at);
    order_id := new_id;
    outcome := 'PLACED';
    RETURN NEXT;
  END LOOP;
END $$;

-- settle_batch, from prisma/functions/settle_batch.sql (edit it there)
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
