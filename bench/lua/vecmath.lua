-- vecmath: the Lua 5.4 twin of bench/vecmath.gol (vectors as tables with a shared metatable)
local Vec = {}
Vec.__index = Vec

local function new(x, y, z)
  return setmetatable({x = x, y = y, z = z}, Vec)
end

function Vec.add(a, b) return new(a.x + b.x, a.y + b.y, a.z + b.z) end
function Vec.scale(a, k) return new(a.x * k, a.y * k, a.z * k) end
function Vec.len(a) return math.sqrt(a.x * a.x + a.y * a.y + a.z * a.z) end

local n = tonumber(arg[1]) or 5000000
local p = new(1, 2, 3)
local v = new(0.1, -0.2, 0.05)
local total = 0.0
for _ = 1, n do
  p = p:add(v:scale(0.001))
  total = total + p:len()
end
print(string.format("%.4f %.4f", total, p:len()))
