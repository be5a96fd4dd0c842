/**
 * The Lua scripts of the Redis store, one per operation, each run atomically by Redis. The same
 * rules as memory-store.ts (and shared/waiting-room/), which the store tests hold both to.
 * Every key of an event starts with ARGV[1], `viziona:wr:{<event>}:`; the scripts build the
 * rest (a place's account and deadline are looked up by ticket), so they need one Redis, not
 * a cluster, as the rest of the BFF's shared state does.
 */

/** Keys of one event, as the scripts name them. */
const KEYS = `
local base = ARGV[1]
local q, act, seen, adm, used, cust, endh, acct, first, bucket, stats, waits, ipof, live =
  base .. 'q', base .. 'act', base .. 'seen', base .. 'adm', base .. 'used', base .. 'cust',
  base .. 'end', base .. 'acct', base .. 'first', base .. 'bucket', base .. 'stats', base .. 'waits',
  base .. 'ipof', base .. 'live'
local function release(t)
  local ip = redis.call('HGET', ipof, t)
  if not ip then return end
  redis.call('HDEL', ipof, t)
  if redis.call('HINCRBY', live, ip, -1) <= 0 then redis.call('HDEL', live, ip) end
end
local function finish(t, reason)
  redis.call('ZREM', q, t)
  redis.call('ZREM', act, t)
  release(t)
  redis.call('HSET', endh, t, reason)
  redis.call('HINCRBY', stats, reason, 1)
end
`;

/**
 * ARGV: base, now, n, limit, window ms, live limit, then n × (ticket, score, account or '',
 * address or ''). Returns n × (ticket, score, 0 new / 1 adopted): an arrival whose account
 * holds a live place gets that place; an arrival whose address already took `limit` new places
 * in its window gets ('', ms until the window ends, 2) and no place, and one whose address
 * holds `live limit` live places gets ('', window ms, 2).
 */
export const JOIN = `${KEYS}
local now, n, limit, window, liveLimit = ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5], tonumber(ARGV[6])
local out, members, seenArgs, claimed, taken, added, refused, holding = {}, {}, {}, {}, {}, {}, {}, {}
for i = 0, n - 1 do
  local t, s, a, ip = ARGV[7 + i * 4], ARGV[8 + i * 4], ARGV[9 + i * 4], ARGV[10 + i * 4]
  local held, heldScore = nil, nil
  if a ~= '' and claimed[a] then
    held, heldScore = claimed[a], claimed[a .. ' score']
  elseif a ~= '' then
    held = redis.call('HGET', acct, a)
    if held then
      heldScore = redis.call('ZSCORE', q, held)
      if not heldScore and redis.call('ZSCORE', act, held) then heldScore = '-1' end
    end
  end
  local allowed, windowIp = true, nil
  if not heldScore and ip ~= '' then
    if not taken[ip] then
      taken[ip] = tonumber(redis.call('GET', base .. 'ip:' .. ip) or '0'); added[ip] = 0
      holding[ip] = tonumber(redis.call('HGET', live, ip) or '0')
    end
    if taken[ip] >= limit then
      allowed, windowIp = false, ip
    elseif holding[ip] >= liveLimit then
      allowed = false
    else
      taken[ip] = taken[ip] + 1; added[ip] = added[ip] + 1; holding[ip] = holding[ip] + 1
      redis.call('HSET', ipof, t, ip)
    end
  end
  if heldScore then
    out[#out + 1] = held; out[#out + 1] = heldScore; out[#out + 1] = 1
  elseif not allowed then
    out[#out + 1] = ''; out[#out + 1] = 0; out[#out + 1] = 2
    refused[#refused + 1] = { #out - 1, windowIp }
  else
    members[#members + 1] = s; members[#members + 1] = t
    seenArgs[#seenArgs + 1] = t; seenArgs[#seenArgs + 1] = now
    if a ~= '' then
      redis.call('HSET', acct, a, t)
      redis.call('HSET', cust, t, a)
      claimed[a] = t; claimed[a .. ' score'] = s
    end
    out[#out + 1] = t; out[#out + 1] = s; out[#out + 1] = 0
  end
end
if #members > 0 then
  redis.call('ZADD', q, 'NX', unpack(members))
  redis.call('HSET', seen, unpack(seenArgs))
end
for ip, count in pairs(added) do
  if count > 0 then
    local key = base .. 'ip:' .. ip
    if redis.call('INCRBY', key, count) == count then redis.call('PEXPIRE', key, window) end
    redis.call('HINCRBY', live, ip, count)
  end
end
for _, slot in ipairs(refused) do
  if slot[2] then
    local ttl = redis.call('PTTL', base .. 'ip:' .. slot[2])
    out[slot[1]] = ttl > 0 and ttl or tonumber(window)
  else
    out[slot[1]] = tonumber(window)
  end
end
return out
`;

/**
 * ARGV: base, ticket, now, score, account or '', started 1/0. Returns
 * {'ended', reason} | {'foreign'} | {'moved', ticket, score} | {'admitted', deadline,
 * admittedAt} | {'queued', rank, waiting, aheadAtStart or -1}. A place is bound to the first
 * account that reads it; a place the store lost is put back with its own score.
 */
export const PLACE = `${KEYS}
local t, now, score, account, started = ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6]
local reason = redis.call('HGET', endh, t)
if reason then return {'ended', reason} end
local owner = redis.call('HGET', cust, t)
if account ~= '' and owner and owner ~= account then return {'foreign'} end
local qs = redis.call('ZSCORE', q, t)
local dl = redis.call('ZSCORE', act, t)
if not qs and not dl then
  if tonumber(score) < 0 then return {'ended', 'unknown'} end
  redis.call('ZADD', q, score, t)
  qs = score
end
redis.call('HSET', seen, t, now)
if account ~= '' then
  if not owner then redis.call('HSET', cust, t, account) end
  local held = redis.call('HGET', acct, account)
  if held ~= t then
    local hq, ha = nil, nil
    if held then
      hq = redis.call('ZSCORE', q, held)
      ha = redis.call('ZSCORE', act, held)
    end
    if not hq and not ha then
      redis.call('HSET', acct, account, t)
    elseif (dl and not ha) or (not dl and not ha and tonumber(qs) > tonumber(hq)) then
      finish(held, 'merged')
      redis.call('HSET', acct, account, t)
    else
      finish(t, 'merged')
      return {'moved', held, hq or '-1'}
    end
  end
end
if dl then return {'admitted', dl, redis.call('HGET', adm, t) or '0'} end
local rank = redis.call('ZRANK', q, t)
local firstAhead = redis.call('HGET', first, t)
if not firstAhead and started == '1' then
  redis.call('HSET', first, t, rank)
  firstAhead = rank
end
return {'queued', rank, redis.call('ZCARD', q), tonumber(firstAhead or -1)}
`;

/**
 * ARGV: base, now, saleStartsAt, perMinute, maxBuyers, ttlMs, graceMs, admissible score
 * bound, bucket capacity, burst ms, rate slot ms. Ends passes past their deadline, fills the
 * bucket, and moves the head to the admitted while tokens and places last (a holder away past
 * the grace period is dropped instead). Returns {expiredUnused, expiredUsed, abandoned,
 * ticket1, waited1, ...}.
 */
export const ADMIT = `${KEYS}
local now, sale, perMinute, maxBuyers, ttl, grace, below, cap, burst, slotMs =
  tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]),
  tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9]), tonumber(ARGV[10]), tonumber(ARGV[11])
local expiredUnused, expiredUsed = 0, 0
local expired = redis.call('ZRANGEBYSCORE', act, '-inf', now)
for _, t in ipairs(expired) do
  if redis.call('HEXISTS', used, t) == 1 then expiredUsed = expiredUsed + 1 else expiredUnused = expiredUnused + 1 end
  redis.call('HSET', endh, t, 'expired')
  release(t)
end
if #expired > 0 then
  redis.call('ZREMRANGEBYSCORE', act, '-inf', now)
  redis.call('HINCRBY', stats, 'expired', #expired)
end
local stored = redis.call('HMGET', bucket, 'tokens', 'at')
local tokens, at = tonumber(stored[1]), tonumber(stored[2])
if not tokens or not at then
  tokens, at = 0, math.max(sale, now - burst)
end
tokens = math.min(cap, tokens + math.max(0, now - at) * perMinute / 60000)
at = math.max(at, now)
local due = math.min(math.floor(tokens), maxBuyers - redis.call('ZCARD', act))
local out = {expiredUnused, expiredUsed, 0}
local admitted, abandoned, pops = 0, 0, 0
while admitted < due and pops < 5000 do
  local head = redis.call('ZRANGE', q, 0, 0, 'WITHSCORES')
  if #head == 0 then break end
  local t, s = head[1], tonumber(head[2])
  if s >= below then break end
  redis.call('ZREM', q, t)
  pops = pops + 1
  if now - tonumber(redis.call('HGET', seen, t) or '0') > grace then
    release(t)
    redis.call('HSET', endh, t, 'abandoned')
    abandoned = abandoned + 1
  else
    redis.call('ZADD', act, string.format('%d', now + ttl), t)
    redis.call('HSET', adm, t, now)
    local waited = now - math.max(sale, sale + s - 1)
    if waited < 0 then waited = 0 end
    waited = math.floor(waited)
    out[#out + 1] = t
    out[#out + 1] = waited
    redis.call('LPUSH', waits, waited)
    admitted = admitted + 1
  end
end
out[3] = abandoned
redis.call('HSET', bucket, 'tokens', string.format('%.6f', tokens - admitted), 'at', string.format('%d', at))
if admitted > 0 then
  redis.call('HINCRBY', stats, 'admitted', admitted)
  local slot = base .. 'rate:' .. string.format('%d', math.floor(now / slotMs))
  redis.call('INCRBY', slot, admitted)
  redis.call('PEXPIRE', slot, 15 * 60000)
  redis.call('LTRIM', waits, 0, 1999)
end
if abandoned > 0 then redis.call('HINCRBY', stats, 'abandoned', abandoned) end
return out
`;

/**
 * ARGV: base, ticket, now, account or '', use 1/0, purchase window ms. Returns {'ok', deadline}
 * | {'ended'} | {'taken'}: the pass is bound to the first account that reads or uses it; its
 * first use for a hold starts the purchase window.
 */
export const CHECK_PASS = `${KEYS}
local t, now, account, use, window = ARGV[2], tonumber(ARGV[3]), ARGV[4], ARGV[5], tonumber(ARGV[6])
local dl = tonumber(redis.call('ZSCORE', act, t) or '0')
if dl <= now then return {'ended'} end
if account ~= '' then
  local owner = redis.call('HGET', cust, t)
  if owner and owner ~= account then return {'taken'} end
  if not owner then redis.call('HSET', cust, t, account) end
end
if use == '1' and redis.call('HSETNX', used, t, string.format('%d', now)) == 1 then
  dl = math.max(dl, now + window)
  redis.call('ZADD', act, string.format('%d', dl), t)
end
return {'ok', dl}
`;

/** ARGV: base, ticket, reason. Returns 1 when the place had a pass. */
export const END_PASS = `${KEYS}
local t, reason = ARGV[2], ARGV[3]
if not redis.call('ZSCORE', act, t) then return 0 end
finish(t, reason)
return 1
`;

/** ARGV: base, first rate slot, slots. Returns {waiting, buying, count of each slot...}. */
export const PULSE = `${KEYS}
local firstSlot, slots = tonumber(ARGV[2]), tonumber(ARGV[3])
local out = {redis.call('ZCARD', q), redis.call('ZCARD', act)}
for i = 0, slots - 1 do
  out[#out + 1] = tonumber(redis.call('GET', base .. 'rate:' .. string.format('%d', firstSlot + i)) or '0')
end
return out
`;
