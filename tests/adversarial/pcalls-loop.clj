;; pcalls with an infinite count and a loop
;; family: pmap
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(pcalls #(count (range)) #(loop [] (recur)))
