;; pmap over an infinite sequence
;; family: pmap
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(count (pmap inc (range)))
