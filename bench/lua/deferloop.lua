-- deferloop: the Lua twin of bench/deferloop.gol (Lua has no defer: the cleanup runs before each return)
local Account = {}
Account.__index = Account
function Account:enter() self.depth = self.depth + 1 end
function Account:leave() self.depth = self.depth - 1; self.ops = self.ops + 1 end
function Account:deposit(v)
  self:enter()
  if v % 13 == 0 then self:leave(); return false end
  self.balance = self.balance + v
  self:leave()
  return true
end
local n = tonumber(arg[1]) or 3000000
local a = setmetatable({balance = 0, ops = 0, depth = 0}, Account)
local rejected = 0
for i = 0, n - 1 do
  if not a:deposit(i % 1000) then rejected = rejected + 1 end
end
print(string.format("%d %d %d %d", a.balance, a.ops, a.depth, rejected))
