;; an infinite lazy sequence realised by transduce
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(transduce (map inc) + (range))
