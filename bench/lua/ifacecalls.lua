-- ifacecalls: the Lua twin of bench/ifacecalls.gol (metatables as classes, a closure per round)
local Rect = {}
Rect.__index = Rect
function Rect.area(r) return r.w * r.h end
function Rect.perimeter(r) return 2 * (r.w + r.h) end
local Circle = {}
Circle.__index = Circle
function Circle.area(c) return 3 * c.r * c.r end
function Circle.perimeter(c) return 6 * c.r end
local Square = {}
Square.__index = Square
function Square.area(s) return s.s * s.s end
function Square.perimeter(s) return 4 * s.s end

local rounds = tonumber(arg[1]) or 2000
local shapes = {}
for i = 0, 999 do
  local x = (i % 17 + 1) + 0.0
  if i % 3 == 0 then
    shapes[#shapes + 1] = setmetatable({w = x, h = x / 2}, Rect)
  elseif i % 3 == 1 then
    shapes[#shapes + 1] = setmetatable({r = x}, Circle)
  else
    shapes[#shapes + 1] = setmetatable({s = x}, Square)
  end
end
local total = 0.0
for r = 0, rounds - 1 do
  local k = (r % 5) + 1.0
  local scale = function(s) return s:area() * k - s:perimeter() end
  for i = 1, #shapes do total = total + scale(shapes[i]) end
end
print(string.format("%.1f", total))
