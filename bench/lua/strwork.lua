-- strwork: the Lua twin of bench/strwork.gol (a table buffer, table.concat, find/sub/gmatch)
local n = tonumber(arg[1]) or 300000
local buf = {}
for i = 0, n - 1 do
  buf[#buf + 1] = "item-"
  buf[#buf + 1] = tostring(i)
  buf[#buf + 1] = ": qty "
  buf[#buf + 1] = tostring(i * 7 % 1000)
  buf[#buf + 1] = " tag"
  buf[#buf + 1] = tostring(i % 10)
  buf[#buf + 1] = " note alpha beta\n"
end
local text = table.concat(buf)
if text:sub(-1) == "\n" then text = text:sub(1, -2) end
local lines = {}
local start = 1
while true do
  local e = text:find("\n", start, true)
  if not e then lines[#lines + 1] = text:sub(start); break end
  lines[#lines + 1] = text:sub(start, e - 1)
  start = e + 1
end
local sum, tagged, upper = 0, 0, 0
local joined = {}
for _, line in ipairs(lines) do
  local rest = line
  if rest:sub(1, 5) == "item-" then rest = rest:sub(6) end
  local c = rest:find(": ", 1, true)
  local id, fields = rest:sub(1, c - 1), rest:sub(c + 2)
  local k = math.tointeger(tonumber(id))
  sum = sum + k
  if fields:find("tag3", 1, true) then
    tagged = tagged + 1
    upper = upper + #fields:upper()
  end
  local f = {}
  for w in fields:gmatch("%S+") do f[#f + 1] = w end
  sum = sum + math.tointeger(tonumber(f[2]))
  if k % 1000 == 0 then joined[#joined + 1] = table.concat(f, "/", 1, 3) end
end
print(string.format("%d %d %d %d %d %s", #lines, sum, tagged, upper, #joined, joined[#joined]))
